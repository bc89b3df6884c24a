// Accounts and invoices with OneTable, after the shape of OneTable's own
// documentation schema (a `primary` and a `gs1` index, models whose keys are
// value templates): the invoice number is padded with `${number:6:0}`, which
// pads the decimal text, so a negative number writes `0000-5`, a key that
// sorts before `000001`.
import { Table } from 'dynamodb-onetable';

const schema = {
  format: 'onetable:1.1.0',
  version: '0.0.1',
  indexes: {
    primary: { hash: 'pk', sort: 'sk' },
    gs1: { hash: 'gs1pk', sort: 'gs1sk', project: 'all' },
  },
  models: {
    Account: {
      pk: { type: String, value: 'account#${id}' },
      sk: { type: String, value: 'account#' },
      id: { type: String, required: true },
      name: { type: String, required: true },
    },
    Invoice: {
      pk: { type: String, value: 'account#${accountId}' },
      sk: { type: String, value: 'invoice#${number:6:0}' },
      accountId: { type: String, required: true },
      number: { type: Number, required: true },
      gs1pk: { type: String, value: 'invoice#${accountId}' },
      gs1sk: { type: String, value: 'n#${number}' },
    },
  },
  params: { isoDates: true, timestamps: false },
};

// No client is needed to build items: the import never sends them.
export const table = new Table({ name: 'Invoices', schema, partial: false, client: { send: async () => ({}) } });
