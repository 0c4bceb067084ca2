import type { PartnerAccessFixture } from '../../test/partner-access.ts';
import { createNetworkFacility, createNetworkPackage, createNetworkProduct, createRefundPolicyVersion } from './network-fixtures.ts';

/**
 * Facilities, packages and the refund policy belong to no agent: any member whose role holds network.read reaches
 * them (kit/partner-access.test.ts). What is the member's own in a profile (history, commission) is tested in
 * network.test.ts.
 */
let version = 100;

export const accessFixtures: PartnerAccessFixture[] = [
  {
    route: 'GET /api/network/:product/facilities/:slug',
    visibleTo: 'everyone',
    served: [200],
    async create(world) {
      const product = await createNetworkProduct(world.context.database.pool);
      const facility = await createNetworkFacility(world.context.database.pool, product);
      return { params: { product: product.productSlug, slug: facility.facilitySlug } };
    },
  },
  {
    route: 'GET /api/health-packages/:id',
    visibleTo: 'everyone',
    served: [200],
    async create(world) {
      const pool = world.context.database.pool;
      const facility = await createNetworkFacility(pool, await createNetworkProduct(pool));
      return { params: { id: await createNetworkPackage(pool, facility) } };
    },
  },
  {
    route: 'GET /api/refund-policy/versions/:version',
    visibleTo: 'everyone',
    served: [200],
    async create(world) {
      version += 1;
      await createRefundPolicyVersion(world.context.database.pool, version, '2024-01-01');
      return { params: { version } };
    },
  },
];
