package upstream

import "go/types"

// A project's own event queue: client-go's cache.FIFO and DeltaFIFO (or
// its Queue interface) and its work queues. A controller that runs its own
// event loop puts items on one (Add) and a worker takes them off (Pop with
// a function that gets the item, or Get that returns it).

// QueueOp is what a queue method does with an item.
type QueueOp int

const (
	NotQueueOp QueueOp = iota
	QueuePut           // Add(item), AddRateLimited(item), AddAfter(item, d)
	QueuePop           // Pop(func(item, ...) error)
	QueueGet           // item, shutdown := Get()
)

// QueueOpOf returns what fn does when it is a queue's method.
func QueueOpOf(fn *types.Func) QueueOp {
	if fn == nil || fn.Pkg() == nil || fn.Signature().Recv() == nil {
		return NotQueueOp
	}
	switch fn.Pkg().Path() {
	case CachePath:
		switch MethodKeyOf(fn).Type {
		case "FIFO", "DeltaFIFO", "Queue", "RealFIFO":
		default:
			return NotQueueOp
		}
		switch fn.Name() {
		case "Add", "AddIfNotPresent":
			return QueuePut
		case "Pop":
			return QueuePop
		}
	case WorkqueuePath:
		switch fn.Name() {
		case "Add", "AddRateLimited", "AddAfter":
			return QueuePut
		case "Get":
			return QueueGet
		}
	}
	return NotQueueOp
}
