"""Models built from the layers: the DeepSeek-style decoder and the Kimi-VL-style multimodal wrapper."""
