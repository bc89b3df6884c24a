// Customers and their orders with dynamodb-toolbox (v2), in the shapes its
// documentation shows: key attributes saved under the table's key names with
// a prefix transform (Customer), keys computed from the item (Order's
// computeKey), and an index whose keys are linked attributes. The import runs
// these through the library's own PutItemCommand, so the keys read back are
// the ones dynamodb-toolbox writes: `CUSTOMER#` joined by its prefix
// transformer's default '#', and the entity and timestamp attributes it adds.
import { Table, Entity, item, string, number, prefix } from 'dynamodb-toolbox';

export const table = new Table({
  name: 'Shop',
  partitionKey: { name: 'PK', type: 'string' },
  sortKey: { name: 'SK', type: 'string' },
  indexes: {
    byStatus: {
      type: 'global',
      partitionKey: { name: 'GSI1PK', type: 'string' },
      sortKey: { name: 'GSI1SK', type: 'string' },
    },
  },
});

export const Customer = new Entity({
  name: 'Customer',
  table,
  schema: item({
    customerId: string().key().transform(prefix('CUSTOMER')).savedAs('PK'),
    profile: string().key().const('PROFILE').savedAs('SK'),
    name: string(),
    email: string(),
  }),
});

export const Order = new Entity({
  name: 'Order',
  table,
  schema: item({
    customerId: string().key(),
    orderId: string().key(),
    total: number(),
    status: string().enum('PENDING', 'SHIPPED', 'DELIVERED'),
  }).and(() => ({
    GSI1PK: string().link(({ status }) => `STATUS#${status}`),
    GSI1SK: string().link(({ orderId }) => `ORDER#${orderId}`),
  })),
  computeKey: ({ customerId, orderId }) => ({ PK: `CUSTOMER#${customerId}`, SK: `ORDER#${orderId}` }),
});
