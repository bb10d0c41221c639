/* global process, console */
// A real OpenID Connect provider (oidc-provider, an ES module) on loopback for the OIDC e2e test, run as its own
// process: `node oidc-provider.server.mjs <port> <redirect uri> <client id> <client secret>`. Its development login and
// consent pages accept any login name as an account `<login>@uni.test` with a verified email.
import Provider from 'oidc-provider';

const [port, redirectUri, clientId, clientSecret] = process.argv.slice(2);
const provider = new Provider(`http://127.0.0.1:${port}`, {
  clients: [
    {
      client_id: clientId,
      client_secret: clientSecret,
      redirect_uris: [redirectUri],
      grant_types: ['authorization_code'],
      response_types: ['code'],
    },
  ],
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
  findAccount: (_ctx, id) => ({
    accountId: id,
    claims: () => ({ sub: id, email: `${id}@uni.test`, email_verified: true, name: id }),
  }),
  cookies: { keys: ['lectern-test-cookie-key'] },
});
provider.listen(Number(port), '127.0.0.1', () => console.log(`listening ${port}`));
process.on('SIGTERM', () => process.exit(0));
