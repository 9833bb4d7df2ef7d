import { ShieldCheck } from 'lucide-react';
import { NavLink } from 'react-router-dom';
import { useSession } from '../session/hooks';
import { useGetStaffMeQuery } from './adminApi';

/** "Console" in the top bar, for support and admin only (asked once per session; players get a 403 and no link). */
export function StaffNavLink() {
  const session = useSession();
  const { data } = useGetStaffMeQuery(undefined, { skip: session.kind !== 'signedIn' });
  if (!data || data.role === 'player') return null;
  return (
    <li>
      <NavLink to="/admin" className="nav-link" data-testid="nav-admin">
        <ShieldCheck aria-hidden="true" size={18} />
        <span>Console</span>
      </NavLink>
    </li>
  );
}
