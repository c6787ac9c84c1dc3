import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../context';
import type { Config } from '../../config';

/** Invitations (admin: invite, list, resend, revoke; anyone with a link: accept) and the CSV import. */
export const invitationsRoutes: FastifyPluginAsyncZod<ServerContext & { config: Config }> = async () => {};
