import { Card, Col, Row, Statistic } from 'antd';

interface CountCard {
  key: string;
  label: string;
  value: number | undefined;
}

interface CountCardsProps {
  cards: readonly CountCard[];
  isLoading?: boolean;
}

/** A row of count cards above an admin list (totals from the server's summary endpoints); wraps on narrow screens. */
export function CountCards({ cards, isLoading = false }: CountCardsProps) {
  return (
    <Row gutter={[16, 16]}>
      {cards.map((card) => (
        <Col key={card.key} xs={12} md={24 / Math.min(cards.length, 4)}>
          <Card size="small">
            <Statistic title={card.label} value={card.value ?? 0} loading={isLoading} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
