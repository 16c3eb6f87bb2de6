/** The centred frame of the sign-in, verification and sign-out screens. */
import { Logo } from './Logo';

export function AuthFrame({ children }: { children: React.ReactNode }) {
  return (
    <main className="auth-frame">
      <div className="auth-frame__brand">
        <Logo />
        <p className="auth-frame__tagline">Back office for the dance-music and DJ stores</p>
      </div>
      {children}
      <footer className="auth-frame__footer">Staff, suppliers and labels only. Access is logged.</footer>
    </main>
  );
}
