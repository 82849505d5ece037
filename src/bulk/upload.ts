import type { Factory } from '../cli/factory.js';
import type { UploadOptions } from './options.js';
import type { Resource } from './resources.js';
import type { InputFormat, InputSource } from './source.js';

export async function runUpload<T>(
  _f: Factory,
  _resource: Resource<T>,
  _source: InputSource,
  _format: InputFormat,
  _options: UploadOptions,
): Promise<void> {
  throw new Error('bulk upload is not built yet');
}
