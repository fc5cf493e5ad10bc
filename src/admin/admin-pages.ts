import { CommentsPage as Comments } from './comments/comments-page.tsx';
import { InboxPage as Inbox } from './inbox/inbox-page.tsx';
import { LeadPage as Lead } from './inbox/lead-page.tsx';
import { PrivacyPage as Privacy } from './inbox/privacy-page.tsx';
import { StatsPage as Stats } from './stats/stats-page.tsx';
import { withPermission } from './team/with-permission.tsx';

/** The admin chunk: its layout and the pages that list and count posts. Only the router's lazy routes import it. */
export { AdminLayout } from './layout/admin-layout.tsx';
export { DashboardPage } from './dashboard/dashboard-page.tsx';
export { PostsPage } from './posts/posts-page.tsx';
export { SecurityPage } from './security/security-page.tsx';
export { ActivityPage } from './activity/activity-page.tsx';
export { SectionCataloguePage } from './sections/section-catalogue-page.tsx';
export { MediaLibraryPage } from './media/media-library-page.tsx';
export { TeamPage } from './team/team-page.tsx';
export { AcceptInvitationPage } from './team/accept-invitation-page.tsx';
export { SignInLinkPage } from './session/sign-in-link-page.tsx';

export const InboxPage = withPermission('leads', 'Inbox', Inbox);
export const LeadPage = withPermission('leads', 'Lead', Lead);
export const PrivacyPage = withPermission('leads', 'Privacy requests', Privacy);
export const StatsPage = withPermission('admin', 'Stats', Stats);
export const CommentsPage = withPermission('comments', 'Comments', Comments);
