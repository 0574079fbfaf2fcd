/** /auth/sms: Verify your phone. A shell until its feature lands. */
import { PageShell } from '@/components/page-shell';

export default function SmsScreen() {
  return (
    <PageShell
      title="Verify your phone"
      description="Confirm your phone number with the code we send by SMS."
      upcoming={['Phone number form', 'Code confirmation']}
    />
  );
}
