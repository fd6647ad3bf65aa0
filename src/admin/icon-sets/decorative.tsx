// The wrapper every back-office icon goes through (src/admin/icons.tsx lists them all).
import type { ComponentProps } from 'react';
import type { ReloadOutlined } from '@ant-design/icons';

type AntdIcon = typeof ReloadOutlined;
type IconProps = ComponentProps<AntdIcon>;

/** The icon, hidden from assistive technology whatever the caller passes. */
export function decorative(Icon: AntdIcon) {
  const Decorative = (props: IconProps) => <Icon {...props} aria-hidden="true" aria-label={undefined} />;
  Decorative.displayName = Icon.displayName;
  return Decorative;
}
