import { PageShell } from '../components/layout/PageShell';

export default function VerifyEmailPage() {
  return (
    <PageShell
      title="Verify Your Email"
      lead="Confirm the e-mail address you gave when you joined the beta programme."
    />
  );
}
