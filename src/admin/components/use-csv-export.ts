import { useDataProvider, type CrudFilter } from '@refinedev/core';
import { useState } from 'react';
import { downloadText } from './download-file';
import { toListQuery } from '../providers/data-provider';
import { findResource, type ResourceName } from '../resources';

/**
 * "Export CSV" of a list (hosts, bookings, landing data): every row its search and filters select,
 * fetched with the session's token through the data provider (a plain link could not send it).
 */
export function useCsvExport(resource: ResourceName, filters: CrudFilter[], fileName: string) {
  const getDataProvider = useDataProvider();
  const [isExporting, setIsExporting] = useState(false);
  const [isFailed, setIsFailed] = useState(false);

  async function exportCsv() {
    const entry = findResource(resource);
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
      downloadText(String(data as unknown), fileName, 'text/csv;charset=utf-8');
    } catch {
      setIsFailed(true);
    } finally {
      setIsExporting(false);
    }
  }

  return { exportCsv, isExporting, isFailed };
}
