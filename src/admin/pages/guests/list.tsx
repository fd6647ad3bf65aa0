import { useNavigation } from '@refinedev/core';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { GuestListItem } from '../../../contracts/guests';
import { declaration as guestList } from '../../../contracts/lists/guests';
import { formatDate } from '../../../lib/format';
import { SuspendedTag } from '../../components/suspended-tag';
import { ListScreen, type ListColumn } from '../../list/list-screen';
import { registerGuestsCatalogue } from '../../../i18n/guests-catalogue';

// The Guests texts load with these screens (src/i18n/guests-catalogue.ts).
registerGuestsCatalogue();

/** /guests: every user who is not a host, newest first, searchable by name, e-mail and #id. */
export default function GuestList() {
  const { t } = useTranslation();
  const { showUrl } = useNavigation();
  const nameOf = (guest: GuestListItem) => (guest.name.trim() ? guest.name : t('admin.guests.unknownGuest'));
  const missing = (key: 'noEmail' | 'noPhone') => <Typography.Text italic>{t(`admin.guests.${key}`)}</Typography.Text>;
  const columns: ListColumn<GuestListItem>[] = [
    { key: 'id', sort: 'id', render: (guest) => t('admin.guests.guestId', { id: guest.id }) },
    {
      key: 'name',
      sort: 'name',
      render: (guest) => (
        <>
          <Link to={showUrl('guests', guest.id)}>{nameOf(guest)}</Link>
          <SuspendedTag suspendedAt={guest.suspendedAt} />
        </>
      ),
    },
    { key: 'email', sort: 'email', render: (guest) => guest.email || missing('noEmail') },
    { key: 'phone', sort: 'phone', render: (guest) => guest.phone ?? missing('noPhone') },
    { key: 'joined', sort: 'createdAt', render: (guest) => <time dateTime={guest.createdAt}>{formatDate(guest.createdAt)}</time> },
    {
      key: 'actions',
      render: (guest) => (
        <Link to={showUrl('guests', guest.id)} aria-label={t('admin.guests.viewGuestOf', { name: nameOf(guest) })}>
          {t('admin.guests.viewGuest')}
        </Link>
      ),
    },
  ];
  return <ListScreen<GuestListItem> definition={guestList} columns={columns} />;
}
