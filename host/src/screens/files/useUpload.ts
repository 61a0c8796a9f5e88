/**
 * Sends the chosen files one by one (one File each, as a person expects from « Déposer des
 * fichiers »), through the SDK client's multipart upload, with its progress in percent.
 */
import { useState } from 'react';
import { useComptoir, useInvalidate } from '@comptoir/sdk/react';
import { errorMessage, notifySaved } from '@comptoir/sdk/ui';
import { FILES_PATH, type FileRecord } from './fileTypes.ts';

export interface UploadState {
  /** the file being sent, its rank and the count */
  current: { name: string; index: number; count: number } | null;
  percent: number;
  error: string | null;
}

export function useUpload() {
  const { api } = useComptoir();
  const invalidate = useInvalidate();
  const [state, setState] = useState<UploadState>({ current: null, percent: 0, error: null });

  async function send(files: File[]) {
    const stored: FileRecord[] = [];
    setState({ current: null, percent: 0, error: null });
    try {
      for (const [index, file] of files.entries()) {
        setState({ current: { name: file.name, index: index + 1, count: files.length }, percent: 0, error: null });
        stored.push(await api.upload<FileRecord>(FILES_PATH, {}, [file], (percent) => setState((s) => ({ ...s, percent }))));
      }
      setState({ current: null, percent: 100, error: null });
      notifySaved(stored.length > 1 ? `${stored.length} fichiers déposés.` : `« ${stored[0]?.name} » est déposé.`);
    } catch (e) {
      setState((s) => ({ ...s, current: null, error: errorMessage(e) }));
    } finally {
      if (stored.length) await invalidate(FILES_PATH);
    }
  }

  return { ...state, busy: state.current !== null, send, clearError: () => setState((s) => ({ ...s, error: null })) };
}
