// Feedback: the admin list, newest first (whole array or one page), from its definition.
import { feedbackList } from '../../../src/contracts/feedbacks';
import { listRoutes } from '../../lib/list-engine';

export const feedbacksRoutes = listRoutes(feedbackList, (services) => services.feedbacks.listSource);
