// A dynamodb-toolbox entity whose validation refuses every sample value the
// import can make up: the import stops with the library's reason.
import { Table, Entity, item, string } from 'dynamodb-toolbox';

const table = new Table({ name: 'Catalog', partitionKey: { name: 'pk', type: 'string' } });

export const Sku = new Entity({
  name: 'Sku',
  table,
  schema: item({
    sku: string().key().savedAs('pk').validate((v) => /^[0-9]{8}$/.test(v)),
  }),
});
