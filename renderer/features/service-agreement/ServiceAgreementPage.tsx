/** /service-agreement (Baseware suppliers only): a placeholder until its screen exists. */
import { Link } from 'react-router-dom';
import { AuthFrame } from '../auth/AuthFrame';
import { PLACEHOLDER_TEXT } from '../../../shared/ui-texts';
import { NotBuiltYet } from '../../ui/NotBuiltYet';

export default function ServiceAgreementPage() {
  return (
    <AuthFrame>
      <div className="auth-card">
        <NotBuiltYet title="Service agreement" detail={PLACEHOLDER_TEXT.serviceAgreement} />
        <p className="center"><Link to="/">Back to the console</Link></p>
      </div>
    </AuthFrame>
  );
}
