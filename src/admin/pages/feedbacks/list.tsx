import { Col, Row } from 'antd';
import type { Feedback } from '../../../contracts/feedbacks';
import { declaration as feedbackList } from '../../../contracts/lists/feedbacks';
import { useListContext } from '../../list/list-context';
import { ListScreen } from '../../list/list-screen';
import { FeedbackCard } from './feedback-card';

function FeedbackCards({ feedbacks }: { feedbacks: Feedback[] }) {
  // Relative times count from the last load, so they do not shift while the list is read.
  const now = new Date(useListContext<Feedback>().loadedAt);
  return (
    <Row gutter={[16, 16]}>
      {feedbacks.map((feedback) => (
        <Col key={feedback.id} xs={24} lg={12} xxl={8}>
          <FeedbackCard feedback={feedback} now={now} />
        </Col>
      ))}
    </Row>
  );
}

/** Feedback (/feedback): newest first, 10 cards at a time with "Show More", searchable. */
export function FeedbackList() {
  return <ListScreen<Feedback> definition={feedbackList} paging="more" renderRows={(feedbacks) => <FeedbackCards feedbacks={feedbacks} />} />;
}

/** The screen src/admin/screens.ts routes at the resource's list. */
export default FeedbackList;
