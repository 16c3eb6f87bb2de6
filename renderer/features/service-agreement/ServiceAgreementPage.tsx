/** /service-agreement (Baseware suppliers only): its screen arrives with its own issue. */
import { Link } from 'react-router-dom';
import { AuthFrame } from '../auth/AuthFrame';
import { NotBuiltYet } from '../../ui/NotBuiltYet';

export default function ServiceAgreementPage() {
  return (
    <AuthFrame>
      <div className="auth-card">
        <NotBuiltYet title="Service agreement" detail="The supplier service agreement arrives with its own issue." />
        <p className="center"><Link to="/">Back to the console</Link></p>
      </div>
    </AuthFrame>
  );
}
