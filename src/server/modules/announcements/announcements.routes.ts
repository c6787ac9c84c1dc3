import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServerContext } from '../../context';
import { apiErrorSchema } from '../../../shared/errors/api-error';
import { idParamsSchema } from '../../../shared/facilities/facilities.schemas';
import {
  adminAnnouncementSchema,
  announcementInputSchema,
  announcementPreviewInputSchema,
  announcementPreviewSchema,
  announcementSchema,
} from '../../../shared/announcements/announcements.schemas';
import { requestAuditContext } from '../audit/audit.service';
import * as service from './announcements.service';

const errors = { 400: apiErrorSchema, 404: apiErrorSchema };
const one = z.object({ announcement: adminAnnouncementSchema });

/** Announcements: the live ones for the caller's audience, dismissing a banner, and the admin's CRUD with a preview. */
export const announcementsRoutes: FastifyPluginAsyncZod<ServerContext> = async (app, { db }) => {
  app.get(
    '/api/announcements',
    {
      config: { access: 'public' },
      schema: {
        tags: ['announcements'],
        summary: "Announcements live now for the caller's audience, pinned first, then newest; each says whether the caller dismissed it",
        response: { 200: z.object({ announcements: z.array(announcementSchema) }) },
      },
    },
    async (req) => ({ announcements: await service.listForViewer(db, await req.actor()) }),
  );

  app.post(
    '/api/announcements/:id/dismiss',
    {
      config: { access: 'user' },
      schema: {
        tags: ['announcements'],
        summary: "Hide an announcement's banner for the signed-in person (idempotent)",
        params: idParamsSchema,
        response: { 200: z.object({ dismissed: z.literal(true) }), ...errors },
      },
    },
    async (req) => {
      await service.dismiss(db, await req.requireActor(), req.params.id);
      return { dismissed: true as const };
    },
  );

  app.get(
    '/api/admin/announcements',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['announcements'],
        summary: 'Every announcement with its state: scheduled, live or expired (admin)',
        response: { 200: z.object({ announcements: z.array(adminAnnouncementSchema) }) },
      },
    },
    async () => ({ announcements: await service.listForAdmin(db) }),
  );

  app.post(
    '/api/admin/announcements/preview',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['announcements'],
        summary: 'Render a draft body exactly as it will be shown (admin)',
        body: announcementPreviewInputSchema,
        response: { 200: announcementPreviewSchema, ...errors },
      },
    },
    async (req) => service.preview(req.body.body),
  );

  app.post(
    '/api/admin/announcements',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['announcements'],
        summary: 'Publish an announcement, now or at a later time (admin)',
        body: announcementInputSchema,
        response: { 201: one, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send({ announcement: await service.createAnnouncement(db, await requestAuditContext(req), req.body) }),
  );

  app.put(
    '/api/admin/announcements/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['announcements'],
        summary: 'Edit an announcement (admin)',
        params: idParamsSchema,
        body: announcementInputSchema,
        response: { 200: one, ...errors },
      },
    },
    async (req) => ({ announcement: await service.updateAnnouncement(db, await requestAuditContext(req), req.params.id, req.body) }),
  );

  app.delete(
    '/api/admin/announcements/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['announcements'],
        summary: 'Delete an announcement: it is no longer shown to anyone (admin)',
        params: idParamsSchema,
        response: { 200: z.object({ deleted: z.literal(true) }), ...errors },
      },
    },
    async (req) => {
      await service.deleteAnnouncement(db, await requestAuditContext(req), req.params.id);
      return { deleted: true as const };
    },
  );
};
