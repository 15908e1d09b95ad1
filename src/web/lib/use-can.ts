import { useCallback } from 'react';
import { can, type Resource, type Right } from '../../shared/permissions';
import { useSession } from './session';

/** can() for the signed-in user: the web app hides what it denies (the server enforces it). */
export function useCan() {
  const { user } = useSession();
  return useCallback((right: Right, resource?: Resource) => can(user, right, resource), [user]);
}
