"""Layout specs: a YAML loader that keeps line/column marks, typed readers, and the layout model."""
