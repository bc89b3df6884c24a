// The task tracker of electrodb_tasks.mjs with its keys' casing kept
// (ElectroDB's `casing: 'none'` on every key): no two ids that
// differ in case share a key any more.
import { Entity, Service } from 'electrodb';

const table = 'projectmanagement';

export const Employee = new Entity({
  model: { entity: 'employee', version: '1', service: 'taskapp' },
  attributes: {
    employee: { type: 'string', required: true },
    office: { type: 'string', required: true },
    title: { type: 'string' },
  },
  indexes: {
    employee: {
      pk: { field: 'pk', composite: ['employee'], casing: 'none' },
      sk: { field: 'sk', composite: [], casing: 'none' },
    },
    coworkers: {
      index: 'gsi1pk-gsi1sk-index',
      pk: { field: 'gsi1pk', composite: ['office'], casing: 'none' },
      sk: { field: 'gsi1sk', composite: ['employee'], casing: 'none' },
    },
  },
}, { table });

export const Task = new Entity({
  model: { entity: 'task', version: '1', service: 'taskapp' },
  attributes: {
    task: { type: 'string', required: true },
    project: { type: 'string', required: true },
    employee: { type: 'string', required: true },
    points: { type: 'number' },
    status: { type: ['open', 'in-progress', 'closed'] },
  },
  indexes: {
    task: {
      pk: { field: 'pk', composite: ['task'], casing: 'none' },
      sk: { field: 'sk', composite: ['project', 'employee'], casing: 'none' },
    },
    assigned: {
      index: 'gsi1pk-gsi1sk-index',
      pk: { field: 'gsi1pk', composite: ['employee'], casing: 'none' },
      sk: { field: 'gsi1sk', composite: ['status', 'points'], casing: 'none' },
    },
  },
}, { table });

export const service = new Service({ Employee, Task });
