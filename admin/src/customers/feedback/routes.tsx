import { lazy } from 'react';

/** Its own chunk: the shell loads it only when the route is opened. */
const FeedbackMessagesPage = lazy(() => import('./FeedbackMessagesPage').then((m) => ({ default: m.FeedbackMessagesPage })));

export const feedbackMessagesElement = <FeedbackMessagesPage />;
