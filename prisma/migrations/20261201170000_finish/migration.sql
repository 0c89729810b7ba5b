-- Issue #14 batch end of round: the BATCH snapshot holds each match's result before the batch (one undo restores them).
ALTER TYPE "SnapshotPhase" ADD VALUE 'BATCH';
