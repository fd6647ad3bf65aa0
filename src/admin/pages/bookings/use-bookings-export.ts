import { useDataProvider, type CrudFilter } from '@refinedev/core';
import { useState } from 'react';
import { downloadText } from '../../components/download-file';
import { findResource } from '../../resources';
import { toListQuery } from '../../providers/data-provider';

const FILE_NAME = 'bookings.csv';

/**
 * The "Export CSV" of Bookings Management: the list's search and status filter, every matching row,
 * fetched with the session's token through the data provider (a plain link could not send it).
 */
export function useBookingsExport(filters: CrudFilter[]) {
  const getDataProvider = useDataProvider();
  const [isExporting, setIsExporting] = useState(false);
  const [isFailed, setIsFailed] = useState(false);

  async function exportCsv() {
    const entry = findResource('bookings');
    setIsExporting(true);
    setIsFailed(false);
    try {
      const { custom } = getDataProvider();
      if (!custom) throw new Error('The data provider has no custom calls');
      const { data } = await custom<never>({
        url: entry.endpoints.getList.path,
        method: 'get',
        query: { ...toListQuery({ mode: 'off' }, undefined, filters, entry.pageSize, entry.filterFields), format: 'csv' },
        headers: { Accept: 'text/csv' },
      });
      downloadText(String(data as unknown), FILE_NAME, 'text/csv;charset=utf-8');
    } catch {
      setIsFailed(true);
    } finally {
      setIsExporting(false);
    }
  }

  return { exportCsv, isExporting, isFailed };
}
