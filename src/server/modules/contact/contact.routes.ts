import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../context';

// Issue 13: routes come here.
export const contactRoutes: FastifyPluginAsyncZod<ServerContext> = async () => {};
