import { Outlet } from 'react-router';

/** Placeholder: replaced by the public layout with its top bar. */
export function PublicLayout() {
  return <Outlet />;
}
