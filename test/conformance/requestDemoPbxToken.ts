/**
 * A bearer token from a demo PBX's own token endpoint, over real HTTP, with the PBX's credentials. Free of
 * any test runner, so every suite that talks to a demo PBX directly can use it.
 */
import type { DemoPbx } from '../../src-main/demo-pbx';

export const tokenEndpoint = (pbx: Pick<DemoPbx, 'authUrl'>) => `${pbx.authUrl}/login/oauth2/token`;

/** The JSON body of a client-credentials token request. */
export const clientCredentialsBody = (
  clientId: string,
  clientSecret: string,
  grantType = 'client_credentials',
) => JSON.stringify({ client_id: clientId, client_secret: clientSecret, grant_type: grantType });

export async function requestDemoPbxToken(pbx: Pick<DemoPbx, 'authUrl' | 'credentials'>): Promise<string> {
  const response = await fetch(tokenEndpoint(pbx), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: clientCredentialsBody(pbx.credentials.clientId, pbx.credentials.clientSecret),
  });
  if (response.status !== 200) throw new Error(`token request failed with ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}
