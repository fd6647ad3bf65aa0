// The product name, shown as the sidebar brand and the page title; APP_NAME at build time overrides it (vite.config.ts exposes it).
export const APP_NAME: string = import.meta.env.APP_NAME || 'Hoy';
