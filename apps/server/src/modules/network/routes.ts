import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema } from '@portal/contracts/errors';
import {
  facilityProfileParamsSchema,
  facilityProfileSchema,
  facilityProfileUrl,
  networkFacilitiesEndpoint,
  networkProductPageSchema,
  packageDetailSchema,
  packageParamsSchema,
  packagesEndpoint,
  PRODUCT_SLUG_PATTERN,
  productParamsSchema,
  refundPolicySchema,
  refundPolicyVersionParamsSchema,
  refundPolicyVersionSchema,
} from '@portal/contracts/network';
import { idStringField } from '@portal/contracts/fields';
import { listRoute, partnerRoute, ratesHiddenFrom } from '../../kit/partner-routes.ts';
import { pageUrlBuilder, paginate, requestQueryValues } from '../../lib/paginate.ts';
import { currentUser } from '../../plugins/auth-guard.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { StoredFile } from '../../lib/storage/file-store.ts';
import { commissionPreviews } from './commission-preview.ts';
import {
  findDoctorPhotoFile,
  findFacilityPackages,
  findFilterOptions,
  findHistory,
  findNetworkPage,
  findPackage,
  findPackagePage,
  findPhotoFile,
  findProduct,
  findProfile,
  findProfileFacility,
  findRefundPolicy,
  findRefundPolicyVersion,
  networkHasCountry,
} from './repository.ts';

const TAGS = ['network'];
/** Public answers: a shared cache may keep them a minute, and revalidates with the ETag after. */
const PUBLIC_CACHE = 'public, max-age=60, stale-while-revalidate=300';

/**
 * Sends a public JSON answer with a strong ETag of its bytes, or 304 when the client already holds it. The public
 * routes read no session (`sessionLookup: 'deferred'`) and set no cookie, so any cache may keep their answers.
 */
function sendCacheable(request: FastifyRequest, reply: FastifyReply, body: unknown) {
  const json = JSON.stringify(body);
  const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 32)}"`;
  void reply.header('etag', etag).header('cache-control', PUBLIC_CACHE);
  const held = request.headers['if-none-match'];
  if (held !== undefined && held.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(json);
}

const PUBLIC_CONFIG = { sessionLookup: 'deferred' as const };

export async function networkRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const pool = app.database.pool;

  async function productOf(slug: string) {
    // A slug no product can have (a NUL byte, upper case) is no product: 404, never a query the database refuses.
    if (!PRODUCT_SLUG_PATTERN.test(slug)) throw new NotFoundError();
    const product = await findProduct(pool, slug);
    if (!product) throw new NotFoundError();
    return product;
  }

  // ——— Public: the network of a product (spec §2: no login check at all) ———

  app.get(
    '/api/network/:product',
    {
      config: PUBLIC_CONFIG,
      schema: {
        tags: TAGS,
        summary: 'A product and the filters of its network (public, cacheable)',
        params: productParamsSchema,
        response: { 200: networkProductPageSchema, 404: messageSchema },
      },
    },
    async (request, reply) => {
      const product = await productOf(request.params.product);
      const { id: _id, ...publicProduct } = product;
      return sendCacheable(request, reply, { product: publicProduct, filters: await findFilterOptions(pool, product.id) });
    },
  );

  const listKeys = Object.keys(networkFacilitiesEndpoint.query.shape);
  app.get(
    networkFacilitiesEndpoint.url,
    {
      config: PUBLIC_CONFIG,
      schema: {
        tags: TAGS,
        summary: "A product's facilities in the published order (public, cacheable): no partner data",
        params: productParamsSchema,
        querystring: networkFacilitiesEndpoint.query,
        response: { 200: networkFacilitiesEndpoint.page, 404: messageSchema, 422: z.object({ message: z.string(), errors: z.record(z.string(), z.array(z.string())) }) },
      },
    },
    async (request, reply) => {
      const product = await productOf(request.params.product);
      const query = request.query;
      const { rows, total } = await findNetworkPage(pool, product.id, query);
      const url = `/api/network/${encodeURIComponent(product.slug)}/facilities`;
      return sendCacheable(
        request,
        reply,
        paginate({ rows, total, page: query.page, perPage: query.per_page, pageUrl: pageUrlBuilder(url, requestQueryValues(request.url, listKeys)) }),
      );
    },
  );

  /** A published facility's photo or doctor's portrait: public, cached for a day (a new photo gets a new id). */
  async function sendImage(reply: FastifyReply, file: StoredFile | undefined) {
    if (!file) throw new NotFoundError();
    return reply
      .headers(app.storage.downloadHeaders(file, { disposition: 'inline' }))
      .header('cache-control', 'public, max-age=86400')
      .send(await app.storage.read(file));
  }
  const photoParams = z.object({ id: idStringField('id') });
  app.get(
    '/api/network-photos/:id',
    { config: PUBLIC_CONFIG, schema: { tags: TAGS, summary: "A published facility's photo (public)", params: photoParams } },
    async (request, reply) => sendImage(reply, await findPhotoFile(pool, request.params.id)),
  );
  app.get(
    '/api/network-doctor-photos/:id',
    { config: PUBLIC_CONFIG, schema: { tags: TAGS, summary: "A published facility's doctor's photo (public)", params: photoParams } },
    async (request, reply) => sendImage(reply, await findDoctorPhotoFile(pool, request.params.id)),
  );

  // ——— Signed in: profiles, packages, the refund policy ———

  app.get(
    '/api/network/:product/facilities/:slug',
    partnerRoute(app, {
      permission: 'network.read',
      tags: TAGS,
      summary: "A facility's profile, with the partner's commission per service and their history with it; an old slug answers 301",
      params: facilityProfileParamsSchema,
      response: { 200: facilityProfileSchema, 301: messageSchema, 404: messageSchema },
    }),
    async (request, reply) => {
      const user = currentUser(request);
      const product = await productOf(request.params.product);
      const { facility, movedTo } = await findProfileFacility(pool, product.id, request.params.slug);
      if (movedTo) return reply.code(301).header('location', facilityProfileUrl(product.slug, movedTo)).send({ message: 'Moved Permanently.' });
      if (!facility) throw new NotFoundError();
      const hidden = await ratesHiddenFrom(app, user);
      const [{ profile, services }, history, packages] = await Promise.all([
        findProfile(pool, facility.id),
        findHistory(pool, user, facility.id),
        findFacilityPackages(pool, facility.id),
      ]);
      const previews = hidden
        ? services.map(() => null)
        : await commissionPreviews(
            app.commissionRates,
            pool,
            user.referralAgentId,
            facility.id,
            services.map((service) => ({ serviceId: service.service_id, priceMinor: Number(service.price_minor), currency: service.currency })),
          );
      return {
        ...profile,
        services: services.map((service, index) => ({
          service_id: service.service_id,
          name: service.name,
          specialty: service.specialty,
          price: { amount_minor: Number(service.price_minor), currency: service.currency },
          valid_to: service.valid_to,
          commission: previews[index] ?? null,
        })),
        packages,
        history,
        commission_hidden: hidden,
      };
    },
  );

  listRoute(app, {
    endpoint: packagesEndpoint,
    permission: 'network.read',
    tags: TAGS,
    summary: 'Published health packages with a price in force; an unknown country is a 404',
    async list(_user, query) {
      if (query.country && !(await networkHasCountry(pool, query.country))) throw new NotFoundError();
      return findPackagePage(pool, query);
    },
  });

  app.get(
    '/api/health-packages/:id',
    partnerRoute(app, {
      permission: 'network.read',
      tags: TAGS,
      summary: 'One published package: contents, add-ons, doctors, the refund terms that apply and the commission preview',
      params: packageParamsSchema,
      response: { 200: packageDetailSchema, 404: messageSchema },
    }),
    async (request) => {
      const user = currentUser(request);
      const found = await findPackage(pool, request.params.id);
      if (!found) throw new NotFoundError();
      const { facility_id: facilityId, service_id: serviceId, ...detail } = found;
      const hidden = await ratesHiddenFrom(app, user);
      const [commission] = hidden
        ? [null]
        : await commissionPreviews(app.commissionRates, pool, user.referralAgentId, facilityId, [
            { serviceId, priceMinor: detail.price.amount_minor, currency: detail.price.currency },
          ]);
      return { ...detail, commission: commission ?? null, commission_hidden: hidden };
    },
  );

  app.get(
    '/api/refund-policy',
    partnerRoute(app, {
      permission: 'network.read',
      tags: TAGS,
      summary: 'The refund policy in force and the list of its versions',
      response: { 200: refundPolicySchema },
    }),
    async () => findRefundPolicy(pool),
  );

  app.get(
    '/api/refund-policy/versions/:version',
    partnerRoute(app, {
      permission: 'network.read',
      tags: TAGS,
      summary: 'One published version of the refund policy, in force or not',
      params: refundPolicyVersionParamsSchema,
      response: { 200: refundPolicyVersionSchema, 404: messageSchema },
    }),
    async (request) => {
      const version = await findRefundPolicyVersion(pool, request.params.version);
      if (!version) throw new NotFoundError();
      return version;
    },
  );
}
