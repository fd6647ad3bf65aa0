import type { ReactNode } from 'react';
import { Drawer } from 'antd';

type NavigationDrawerProps = { open: boolean; onClose: () => void; width: number; title: string; children: ReactNode };

/** The sider on a narrow screen, opened from the header; its own chunk, since wide screens never show it. */
export default function NavigationDrawer({ open, onClose, width, title, children }: NavigationDrawerProps) {
  return (
    <Drawer placement="left" open={open} onClose={onClose} width={width} title={title} styles={{ body: { padding: 0 } }}>
      {children}
    </Drawer>
  );
}
