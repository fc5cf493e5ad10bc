import { SubscribersPage as Subscribers } from './newsletter/subscribers-page.tsx';
import { withPermission } from './team/with-permission.tsx';

/** The newsletter's audience chunk: the Subscribers screen, loaded on its route only. */
export const SubscribersPage = withPermission('audience', 'Subscribers', Subscribers);
