import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { canAccess, type AccessKey } from '../access/canAccess';
import { useShellUser } from '../auth/useShellUser';
import { PermissionDenied } from '../common/PermissionDenied';
import { ShellLoading } from '../common/ShellLoading';

/** Renders a route's screen only when canAccess allows it, the same rule as the menu. */
export function RouteGuard({ access, children, deniedRedirect }: { access: AccessKey; children: ReactNode; deniedRedirect?: string }) {
  const { user, isPending } = useShellUser();
  if (isPending) return <ShellLoading />;
  if (canAccess(user, access)) return <>{children}</>;
  return deniedRedirect ? <Navigate replace to={deniedRedirect} /> : <PermissionDenied />;
}
