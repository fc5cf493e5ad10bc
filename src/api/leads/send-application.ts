import { postFormData } from '../post-form-data.ts';

/** Sends an application as multipart/form-data, the CV last: the server reads the fields as it reaches the file. */
export function sendApplication(form: FormData): Promise<{ _id: string }> {
  return postFormData('/api/applications', form, 'The application was refused');
}
