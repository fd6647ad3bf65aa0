// A sidebar entry's count from the live stream (`event: badges`): hosts awaiting verification,
// listings and properties awaiting a decision, unread conversations. The number is drawn for the
// eye; the entry's accessible name gets the words ("Listings 3 awaiting a decision"), whose texts
// arrive with the stream (live-connection.tsx), before any count.
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { VisuallyHidden } from '../components/visually-hidden';
import { useLive } from './live-hub';

/** The count of the entry named `name`, or nothing when it has none or it is zero. */
export function MenuBadge({ name }: { name: string }) {
  const { state } = useLive();
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const count = state.badges?.[name];
  if (!count) return null;
  const style = {
    marginInlineStart: 8,
    padding: '0 6px',
    borderRadius: 10,
    fontSize: 12,
    lineHeight: '20px',
    color: token.colorTextLightSolid,
    background: token.colorPrimary,
  };
  return (
    <>
      <span aria-hidden style={style}>
        {count}
      </span>
      <VisuallyHidden> {t(`live.badges.${name}`, { count })}</VisuallyHidden>
    </>
  );
}
