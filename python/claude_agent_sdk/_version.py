"""The version of the official SDK whose API this package implements."""

__version__ = "0.2.189"
