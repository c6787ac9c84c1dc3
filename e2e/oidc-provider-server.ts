/**
 * The journeys' OpenID Connect provider (playwright.config.ts starts it beside the app): the tests' own provider
 * (src/server/test/oidc-test-provider.ts) on E2E_OIDC_PORT, its client's redirect URI on the app at E2E_APP_ORIGIN.
 * Journeys add their people with POST /__test__/accounts and can make it fail with POST /__test__/failing.
 */
import { startOidcTestProvider } from '../src/server/test/oidc-test-provider';

const port = Number(process.env.E2E_OIDC_PORT);
const appOrigin = process.env.E2E_APP_ORIGIN;
const clientSecret = process.env.E2E_OIDC_CLIENT_SECRET;
if (!port || !appOrigin || !clientSecret) throw new Error('E2E_OIDC_PORT, E2E_APP_ORIGIN and E2E_OIDC_CLIENT_SECRET are needed');

const provider = await startOidcTestProvider({ appOrigin, port, clientSecret, manageable: true });
console.log(`test OpenID provider at ${provider.issuer}, for ${appOrigin}`);
const stop = () => void provider.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
