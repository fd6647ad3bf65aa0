import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { currentLanguage } from './i18n';
import { APP_NAME } from './app-name';
import { Root } from './root';

document.documentElement.lang = currentLanguage();
document.title = APP_NAME;

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
