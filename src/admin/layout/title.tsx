import type { TitleProps } from '@refinedev/core';
import { ThemedTitle } from '@refinedev/antd';
import { HomeFilled } from '@ant-design/icons';
import { APP_NAME } from '../../app-name';

/** The sider's brand: the product name beside its mark (replacing Refine's default logo and text). */
export function BrandTitle({ collapsed }: TitleProps) {
  return <ThemedTitle collapsed={collapsed} text={APP_NAME} icon={<HomeFilled aria-hidden />} />;
}
