import { useRef, useState, type DragEvent } from 'react';
import * as lib from './libraryState';

/** Files dropped anywhere on the library are imported; `dragging` shows the drop hint meanwhile. */
export function useFileDrop() {
  const [dragging, setDragging] = useState(false);
  // Entering a child fires enter before the parent's leave: count, so the hint does not flicker.
  const dragDepth = useRef(0);
  const dragProps = {
    onDragEnter: (e: DragEvent) => {
      if (!e.dataTransfer.types.includes('Files')) return;
      dragDepth.current++;
      setDragging(true);
    },
    onDragOver: (e: DragEvent) => {
      if (e.dataTransfer.types.includes('Files')) e.preventDefault();
    },
    onDragLeave: () => {
      dragDepth.current = Math.max(0, dragDepth.current - 1);
      if (!dragDepth.current) setDragging(false);
    },
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      dragDepth.current = 0;
      setDragging(false);
      void lib.importFiles([...e.dataTransfer.files]);
    },
  };
  return { dragging, dragProps };
}
