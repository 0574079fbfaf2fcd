/** /admin/email: E-mail. A shell until its feature lands. */
import { PageShell } from '@/components/page-shell';

export default function AdminEmailScreen() {
  return (
    <PageShell
      title="E-mail"
      description="E-mails the site sends, and messages to members."
      upcoming={['Outgoing e-mail settings', 'Send a notice to members']}
    />
  );
}
