import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../context';

/** The user manager's API (admin): search and page people, change role, team and disabled. */
export const usersAdminRoutes: FastifyPluginAsyncZod<ServerContext> = async () => {};
