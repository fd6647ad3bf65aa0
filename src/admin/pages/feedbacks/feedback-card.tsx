import { GlobalOutlined, StarFilled } from '../../icons';
import { Avatar, Button, Card, Flex, Typography } from 'antd';
import { useId, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_FEEDBACK_COUNTRY, findFlaggedCountry } from '../../../contracts/countries';
import type { Feedback } from '../../../contracts/feedbacks';
import { relativeTimeBucket } from '../../../lib/format';
import { SuspendedTag } from '../../components/suspended-tag';
import { CountryFlag } from './country-flag';
import { avatarInitial, truncateComment } from './feedback-text';

const MAX_STARS = 5;

// Read by screen readers, not drawn: the stars say it visually.
const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

/** 1 to 5 stars, read out as "4 out of 5 stars". */
function StarRating({ rating }: { rating: number }) {
  const { t } = useTranslation();
  return (
    <span>
      <span aria-hidden>
        {Array.from({ length: MAX_STARS }, (_, index) => (
          <StarFilled key={index} style={{ color: index < rating ? '#d48806' : '#d9d9d9', marginInlineEnd: 2 }} />
        ))}
      </span>
      <span style={VISUALLY_HIDDEN}>{t('admin.feedback.rating', { rating })}</span>
    </span>
  );
}

/** The user's country with its flag for the 12 known countries, a globe otherwise; "United States" when missing. */
function CountryLabel({ country }: { country: string | null | undefined }) {
  const name = country?.trim() || DEFAULT_FEEDBACK_COUNTRY;
  const flagged = findFlaggedCountry(name);
  return (
    <Typography.Text type="secondary">
      {flagged ? <CountryFlag code={flagged.code} /> : <GlobalOutlined aria-hidden data-globe style={{ marginInlineEnd: 6 }} />}
      {name}
    </Typography.Text>
  );
}

function Comments({ comments }: { comments: string | null }) {
  const { t } = useTranslation();
  const [isExpanded, setIsExpanded] = useState(false);
  const textId = useId();
  if (!comments || comments.trim() === '') {
    return <Typography.Text type="secondary">{t('admin.feedback.noComments')}</Typography.Text>;
  }
  const truncated = truncateComment(comments);
  return (
    <div>
      <Typography.Paragraph id={textId} style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
        {isExpanded ? comments : truncated.text}
      </Typography.Paragraph>
      {truncated.isTruncated ? (
        <Button type="link" style={{ padding: 0 }} aria-expanded={isExpanded} aria-controls={textId} onClick={() => setIsExpanded(!isExpanded)}>
          {t(isExpanded ? 'admin.feedback.showLess' : 'admin.feedback.showMore')}
        </Button>
      ) : null}
    </div>
  );
}

interface FeedbackCardProps {
  feedback: Feedback;
  /** The moment relative times count from. */
  now: Date;
}

/** One feedback: avatar, name, country, when, stars and the comments. */
export function FeedbackCard({ feedback, now }: FeedbackCardProps) {
  const { t } = useTranslation();
  const name = feedback.User?.name?.trim() ? feedback.User.name : t('admin.feedback.unknownUser');
  // The catalogue words the buckets: the platform's relative-time data has no Somali in most browsers.
  const bucket = relativeTimeBucket(feedback.createdAt, now);
  const when = bucket ? t(`admin.feedback.ago.${bucket.unit}`, { count: bucket.count }) : t('admin.feedback.invalidDate');
  return (
    <Card size="small" style={{ height: '100%' }}>
      <Flex vertical gap={8}>
        <Flex gap={12} align="center">
          <Avatar aria-hidden style={{ backgroundColor: '#0b57d0', flexShrink: 0 }}>
            {avatarInitial(feedback.User?.name)}
          </Avatar>
          <Flex vertical style={{ minWidth: 0 }}>
            <span>
              <Typography.Text strong>{name}</Typography.Text>
              <SuspendedTag suspendedAt={feedback.User?.suspendedAt} />
            </span>
            <CountryLabel country={feedback.User?.country} />
          </Flex>
          <Typography.Text type="secondary" style={{ marginInlineStart: 'auto', whiteSpace: 'nowrap' }}>
            <time dateTime={feedback.createdAt}>{when}</time>
          </Typography.Text>
        </Flex>
        <StarRating rating={feedback.rating} />
        <Comments comments={feedback.comments} />
      </Flex>
    </Card>
  );
}
