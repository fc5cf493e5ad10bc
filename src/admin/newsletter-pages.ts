import { NewsletterSendPage as Send } from './newsletter/send-page.tsx';
import { withPermission } from './team/with-permission.tsx';

/** The newsletter send's chunk: the editor's send dialog (imported when opened) and the send's screen. */
export { SendDialog } from './newsletter/send-dialog.tsx';
export const NewsletterSendPage = withPermission('newsletter', 'Newsletter send', Send);
