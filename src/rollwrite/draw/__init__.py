"""Format-free drawing: the scene (display list), text metrics, the page planner and the backends."""
