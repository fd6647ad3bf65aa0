import { useTranslate } from '@refinedev/core';
import { Typography } from 'antd';
import type { ComponentType } from 'react';

/** A page that shows only its resource's label, standing in until the resource's own screen is built. */
export function createPlaceholderPage(labelKey: string): ComponentType {
  function PlaceholderPage() {
    const translate = useTranslate();
    return <Typography.Title level={2}>{translate(labelKey)}</Typography.Title>;
  }
  PlaceholderPage.displayName = `PlaceholderPage(${labelKey})`;
  return PlaceholderPage;
}
