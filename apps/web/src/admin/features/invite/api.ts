import { useMutation, useQuery } from '@tanstack/react-query';
import { ROLES } from '@chapar/shared/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export interface InvitationLookup { username: string; name: string | null; role: (typeof ROLES)[number]; expiresAt: string }

/** The token is the link's fragment: never sent to the server as part of an address. */
export const tokenFromHash = (hash: string) => hash.replace(/^#/, '').trim();

export function useInvitation(token: string) {
  return useQuery({
    queryKey: ['admin', 'invitation', token],
    queryFn: () => apiRequest<InvitationLookup>('POST', '/api/admin/invitation', { body: { token } }),
    enabled: token.length > 0,
    retry: false,
  });
}

export function useAcceptInvitation() {
  return useMutation({
    mutationFn: (body: { token: string; password: string }) => apiRequest<{ message: string }>('POST', '/api/admin/invitation/accept', { body }),
  });
}
