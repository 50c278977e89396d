"""Graph runners: static input buffers, graph backends, the decode and prefill runners, the differential checker."""
