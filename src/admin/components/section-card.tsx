import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';

/** A detail screen section's heading: level 3 under the screen's own title, at the card title's size. */
export function SectionTitle({ children }: { children: ReactNode }) {
  return (
    <Typography.Title level={3} style={{ margin: 0, fontSize: 16 }}>
      {children}
    </Typography.Title>
  );
}

/** One section of a detail screen (a host's, a listing's): a card headed by its SectionTitle. */
export function SectionCard({ title, extra, children }: { title: ReactNode; extra?: ReactNode; children: ReactNode }) {
  return (
    <Card title={<SectionTitle>{title}</SectionTitle>} extra={extra}>
      {children}
    </Card>
  );
}
