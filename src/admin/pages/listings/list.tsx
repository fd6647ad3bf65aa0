import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ListingRow } from '../../../contracts/listings';
import { declaration as listingList } from '../../../contracts/lists/listings';
import { StatusBadge } from '../../components/status-badge';
import { ListScreen, type ListColumn } from '../../list/list-screen';
import { PresenceMark, useRowViewers } from '../../live/presence-note';
import { listingStatusKey } from './listing-status';

/** Review Listings (/listings): search, the Pending / Decline filter and 8 listings a page, each linked to its review. */
export function ListingList() {
  const { t } = useTranslation();
  const viewersOf = useRowViewers('listings');
  const columns: ListColumn<ListingRow>[] = [
    {
      key: 'title',
      render: (row) => (
        <>
          <Link to={`/listings/${row.propertyId}`}>{row.title}</Link>
          <PresenceMark viewers={viewersOf(row.propertyId)} />
        </>
      ),
    },
    {
      key: 'status',
      render: (row) => <StatusBadge status={row.status}>{t(listingStatusKey(row.status), { defaultValue: row.status })}</StatusBadge>,
    },
    { key: 'address' },
    { key: 'hostName' },
  ];
  return <ListScreen<ListingRow> definition={listingList} columns={columns} />;
}

/** The screen src/admin/screens.ts routes at the resource's list. */
export default ListingList;
